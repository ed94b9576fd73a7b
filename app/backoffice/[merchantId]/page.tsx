import { redirect } from "next/navigation";

/** /backoffice/<merchantId>: the merchant's landing page is its overview. */
export default async function MerchantHome({ params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  redirect(`/backoffice/${merchantId}/overview`);
}
