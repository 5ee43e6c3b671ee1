import { type ComponentType, lazy } from 'react'

/** A component whose module loads on demand, and which renders at once (without suspending) once loaded. */
export interface LazyComponent<Props extends object> {
  Component: ComponentType<Props>
  /** Starts loading the module (once); resolves with the component. */
  preload: () => Promise<ComponentType<Props>>
}

export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined // a chunk that failed to load (offline, new deploy) is tried again next time
        throw error
      },
    )
    return loading
  }
  // The server bundle imports every module at start-up (vite/eagerServerImports.ts), so this resolves before
  // the first render: no page suspends on it, and a page's styles come out in the same order whichever pages
  // the process rendered before (a full build, or `publish:changed` rendering a few routes).
  if (import.meta.env.SSR) void preload()
  // React.lazy suspends once even for a module already in memory: a preloaded module renders directly instead.
  const Suspending = lazy(async () => ({ default: await preload() }))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per section type at module level
  function Component(props: Props) {
    const Loaded = loaded ?? Suspending
    return <Loaded {...props} />
  }
  return { Component, preload }
}

/** The component a module exports by default (as `React.lazy` takes it), loading as {@link lazyComponent}. */
export function lazyDefault<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  return lazyComponent(() => load().then((module) => module.default)).Component
}
