import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/section";

export default function MerchantNotFound() {
  return (
    <>
      <PageHeader title="Not found" />
      <EmptyState title="There is nothing here">This page or record does not exist in this merchant account, or it belongs to another account.</EmptyState>
    </>
  );
}
