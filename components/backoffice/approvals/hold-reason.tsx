// Why a transaction is held, in words: whose rule it was (which says who
// decides) and the screening's own explanation, without the stored prefix.
import { holdOrigin } from "@/lib/risk/hold-reason";

export function HoldReason({ value }: { value: string | null }) {
  if (!value) return <>risk screening</>;
  const origin = holdOrigin(value);
  const text = origin ? value.slice(origin.length + 1).trim() : value;
  const who = origin === "screening" ? "Platform screening" : origin === "merchant_rule" ? "This merchant’s own rules" : null;
  return who ? (
    <>
      <span className="font-medium">{who}:</span> {text}
    </>
  ) : (
    <>{text}</>
  );
}
