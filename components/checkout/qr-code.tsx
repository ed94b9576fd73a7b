// A QR code rendered on the server as inline SVG (the `qrcode` package): no
// image request, no script, nothing a strict CSP has to allow. Always dark on
// white, as scanners expect, also in dark mode.
import QRCode from "qrcode";

export async function QrCode({ value, label }: { value: string; label: string }) {
  const svg = await QRCode.toString(value, { type: "svg", margin: 2, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
  return <div role="img" aria-label={label} className="mx-auto h-44 w-44 rounded-md bg-white p-1 ring-1 ring-slate-300 [&>svg]:h-full [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />;
}
