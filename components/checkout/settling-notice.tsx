// Shown while the provider confirms a payment the customer has made (a bank
// transfer, a crypto payment). The page keeps itself up to date: `checkHref`
// is the outcome page, which sends the customer back here until there is one.
import { AutoRefresh } from "./auto-refresh";
import { ui } from "./styles";

export function SettlingNotice({ title, body, refreshLabel, checkHref }: { title: string; body: string; refreshLabel: string; checkHref: string }) {
  return (
    <div role="status" className={`${ui.info} mt-4`}>
      <p className="flex items-center gap-2 font-semibold">
        <span aria-hidden className="inline-block h-3 w-3 animate-pulse rounded-full bg-sky-600 motion-reduce:animate-none dark:bg-sky-300" />
        {title}
      </p>
      <p className="mt-1">{body}</p>
      <p className="mt-2">
        <a href={checkHref} className="font-medium underline underline-offset-2">
          {refreshLabel}
        </a>
      </p>
      <AutoRefresh href={checkHref} everyMs={2_000} />
    </div>
  );
}
