import type { LeadChallengeJson, LeadProof } from '@site/leads/spam'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'

type Challenge = LeadChallengeJson['challenge']
type Solution = LeadProof['solution']

/** Longer than any honest solve (about a second on a slow phone): a stuck solve gives up and the lead goes without. */
const SOLVE_TIMEOUT_MS = 30_000

/**
 * Solves a challenge in a Web Worker, so typing never waits on it; in a browser without Workers (or one
 * that refuses this one), on the main thread, which altcha-lib's solver yields every 200 ms.
 */
export async function solve(challenge: Challenge): Promise<Solution | null> {
  if (typeof Worker === 'function') {
    try {
      return await solveInWorker(challenge)
    } catch {
      // A worker that cannot start (a content policy, an old browser): solve here instead.
    }
  }
  return solveChallenge({ challenge: { ...challenge }, deriveKey, timeout: SOLVE_TIMEOUT_MS })
}

function solveInWorker(challenge: Challenge): Promise<Solution | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proofWorker.ts', import.meta.url), { type: 'module' })
    const done = () => worker.terminate()
    worker.addEventListener('message', (message: MessageEvent<Solution | null | { error: unknown }>) => {
      done()
      const data = message.data
      if (data && 'error' in data) reject(new Error('The proof of work failed in its worker'))
      else resolve(data)
    })
    worker.addEventListener('error', (error) => {
      done()
      reject(error)
    })
    worker.postMessage({ type: 'work', challenge, counterStart: 0, counterStep: 1, timeout: SOLVE_TIMEOUT_MS })
  })
}
