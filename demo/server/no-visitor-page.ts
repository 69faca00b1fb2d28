/** The page a would-be visitor of the hosted demo sees when no account is made for them (static text only). */
export function renderNoVisitorPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} · onramp-checkout demo</title>
  <link rel="stylesheet" href="/demo/public/demo.css">
</head>
<body>
  <main class="page">
    <h1>${title}</h1>
    <p>${message} Every visitor of this demo gets a sandbox account of their own, so new ones are limited.</p>
  </main>
</body>
</html>`;
}
