import { index, type RouteConfig, route } from '@react-router/dev/routes'

// BENCH_CLIENT_ONLY: the benchmark's client-only variant, which fetches content in the browser (bench/README.md).
const contentRoute =
  process.env.BENCH_CLIENT_ONLY === '1' ? '../../../bench/clientOnly/contentRoute.tsx' : 'routes/contentRoute.tsx'

// Every path is content: the CMS decides which pages and resources exist, and the build prerenders them.
// The splat does not match "/", so the home page is the same module as an index route.
export default [index(contentRoute, { id: 'home' }), route('*', contentRoute, { id: 'content' })] satisfies RouteConfig
