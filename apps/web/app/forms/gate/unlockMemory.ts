/** Remembers, in this browser, which gated guides the visitor has unlocked. */

const storageKey = (resourceTitle: string) => `guide-unlocked:${resourceTitle}`

export function isGuideUnlocked(resourceTitle: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(resourceTitle)) === 'true'
  } catch {
    return false // storage disabled: the visitor unlocks again
  }
}

export function rememberGuideUnlocked(resourceTitle: string): void {
  try {
    window.localStorage.setItem(storageKey(resourceTitle), 'true')
  } catch {
    // storage disabled or full: the guide stays unlocked for this visit only
  }
}
