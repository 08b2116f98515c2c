/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A second build (benchmarks, parallel checks) can go to its own folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // antd-mobile ships ESM that imports its own CSS; Next must compile it.
  transpilePackages: ['antd-mobile'],
  // PGlite carries its WASM and data files; keep it (and pg) out of the server bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  experimental: {
    optimizePackageImports: ['antd', 'antd-mobile', '@ant-design/icons'],
    // Page CSS arrives inside the HTML instead of as render-blocking requests
    // (first visits on slow mobile links paint sooner; our CSS is a few KB).
    inlineCss: true,
  },
};

export default nextConfig;
