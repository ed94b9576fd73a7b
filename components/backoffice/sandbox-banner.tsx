/** On every back-office page while the sandbox is selected: nobody mistakes test data for real money. */
export function SandboxBanner() {
  return (
    <div className="bg-orange-500 px-4 py-1.5 text-center text-sm font-semibold text-black" data-testid="sandbox-banner">
      Sandbox — test data. Nothing here moves real money.
    </div>
  );
}
