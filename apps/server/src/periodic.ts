/**
 * Runs `pass` now and then every `everyMs`, one pass at a time (a tick that finds a pass still running starts
 * none), without keeping the process alive. A pass that fails is handed to `onError`, and the next tick runs as
 * usual. `stop` clears the timer and waits for the pass under way.
 */
export function runPeriodically(
  everyMs: number,
  pass: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined
  const tick = () => {
    running ??= pass()
      .then(
        () => {},
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = undefined
      })
  }
  tick()
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
