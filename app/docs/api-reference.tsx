"use client";
// Mounts Swagger UI (a global from /docs/reference/swagger-ui-bundle.js) into
// its own element; React renders that element empty and never touches it again.
import Script from "next/script";
import "./reference.css";

type SwaggerUIBundle = ((config: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUIBundle;
  }
}

const MOUNT_ID = "api-reference";

export function ApiReference({ specUrl }: { specUrl: string }) {
  const mount = () => {
    const ui = window.SwaggerUIBundle;
    if (!ui) return;
    ui({
      url: specUrl,
      dom_id: `#${MOUNT_ID}`,
      presets: [ui.presets.apis],
      // No request to validator.swagger.io (the default badge): nothing leaves this origin.
      validatorUrl: null,
      deepLinking: true,
      docExpansion: "list",
      defaultModelsExpandDepth: 1,
      defaultModelRendering: "example",
      displayOperationId: false,
      displayRequestDuration: true,
    });
  };
  return (
    <>
      {/* React 19 hoists the stylesheet into <head>; it is only needed on this page, so not in the root layout. */}
      {/* eslint-disable-next-line @next/next/no-css-tags */}
      <link rel="stylesheet" href="/docs/reference/swagger-ui.css" precedence="default" />
      <div id={MOUNT_ID} className="mt-6 rounded-lg bg-white text-slate-900" aria-label="API reference" role="region" />
      <Script src="/docs/reference/swagger-ui-bundle.js" strategy="afterInteractive" onReady={mount} />
    </>
  );
}
