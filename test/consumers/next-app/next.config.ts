import type { NextConfig } from 'next';

// As create-next-app writes it (next/font/google left out: it fetches fonts at build time).
const nextConfig: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
};

export default nextConfig;
