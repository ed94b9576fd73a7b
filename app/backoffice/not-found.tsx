import Link from "next/link";
import { AuthCard } from "@/components/backoffice/auth-card";

export default function BackofficeNotFound() {
  return (
    <AuthCard title="Page not found" description="This page does not exist, or you do not have access to it.">
      <Link href="/backoffice" className="font-medium text-brand-600 underline dark:text-sky-300">
        Go to the back office home
      </Link>
    </AuthCard>
  );
}
