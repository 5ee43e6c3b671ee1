import { type RouteConfig, index, route } from '@react-router/dev/routes'

// Every path is content: the CMS decides which pages and resources exist, and the build prerenders them.
// The splat does not match "/", so the home page is the same module as an index route.
export default [
  index('routes/contentRoute.tsx', { id: 'home' }),
  route('*', 'routes/contentRoute.tsx', { id: 'content' }),
] satisfies RouteConfig
