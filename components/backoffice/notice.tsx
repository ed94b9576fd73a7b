import { Alert } from "@/components/ui/alert";

/**
 * The outcome of an action that changed the page under the form (a refund,
 * a cancel, a KYC decision): the action redirects with `?notice=<key>` and
 * the page says what happened. Only known keys are shown, so the URL cannot
 * put arbitrary text on the page.
 */
export function Notice<K extends string>({ value, messages }: { value: string | null; messages: Record<K, string> }) {
  if (!value || !Object.hasOwn(messages, value)) return null;
  return (
    <div className="mb-6">
      <Alert tone="success">{messages[value as K]}</Alert>
    </div>
  );
}
