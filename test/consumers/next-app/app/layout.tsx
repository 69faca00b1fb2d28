import type { Metadata } from 'next';
import Link from 'next/link';
import './globals.css';

export const metadata: Metadata = {
  title: 'Shop (Next.js consumer of onramp-checkout)',
};

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en">
      <body>
        {/* Client-side navigation between the ways of embedding the widget. */}
        <nav>
          <Link href="/">Home</Link> · <Link href="/server-rendered">Server-rendered</Link> ·{' '}
          <Link href="/element">Element</Link> · <Link href="/wrapper">React wrapper</Link>
        </nav>
        <main>{children}</main>
      </body>
    </html>
  );
}
