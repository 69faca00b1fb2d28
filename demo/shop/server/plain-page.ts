/** The demo's plain pages (no widget): one document around a title and static HTML of this server's own. */
export function renderPlainPage(title: string, body: string): string {
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
    ${body}
  </main>
</body>
</html>
`;
}
