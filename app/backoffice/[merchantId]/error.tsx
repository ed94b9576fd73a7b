"use client";
import { ErrorPanel } from "@/components/backoffice/error-panel";

export default function MerchantError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorPanel {...props} />;
}
