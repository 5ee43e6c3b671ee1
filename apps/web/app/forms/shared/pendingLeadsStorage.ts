/** Where the browser keeps a questionnaire submission until the lead server has it (pendingLeads.ts). */
export const PENDING_LEADS_STORAGE_KEY = 'advisorgrowth.pendingLeads'

/** Whether a submission is waiting to be sent again: checked on every page load, so kept this small. */
export function hasPendingLeads(): boolean {
  try {
    return Boolean(window.localStorage.getItem(PENDING_LEADS_STORAGE_KEY))
  } catch {
    return false
  }
}
