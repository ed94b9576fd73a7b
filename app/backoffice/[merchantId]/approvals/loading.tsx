import { PageSkeleton } from "@/components/backoffice/page-skeleton";

export default function Loading() {
  return <PageSkeleton />;
}
