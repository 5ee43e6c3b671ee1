import type { ChildProcess } from 'node:child_process'

/**
 * Keeps a long-running process alive when whatever reads its output goes away: a log collector restarted, a
 * `pnpm serve | tee log` whose `tee` was stopped. Node ignores SIGPIPE, so each later write fails with EPIPE on
 * the stream, and a stream error nobody listens to ends the process: the lead server would stop taking leads
 * because its log did. The lines written after that are lost; every other error still ends the process.
 */
export function surviveClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
    })
}

/**
 * A child's output, written on through this process's own streams: a child given them directly (`inherit`)
 * would meet the closed pipe itself and die of it (a shell of SIGPIPE, Node of EPIPE), this process would not.
 */
export function relayOutput(child: ChildProcess): void {
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(chunk))
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk))
}
