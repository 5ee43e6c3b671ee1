import { type Answers, QUESTION_IDS, type QuestionId } from '@site/leads/schemas/questions'
import { z } from '@site/leads/zod'
import { useCallback, useEffect, useRef, useState } from 'react'

/** Where the unfinished questionnaire is kept, for this browser tab only. */
export const DRAFT_STORAGE_KEY = 'qualification-draft'

export interface QualificationDraft {
  answers: Answers
  /** The question on screen. */
  currentId: QuestionId
}

const draftSchema = z.object({
  answers: z.partialRecord(z.enum(QUESTION_IDS), z.string().max(1000)),
  currentId: z.enum(QUESTION_IDS),
})

/** The saved draft, or null when there is none or it is unreadable (storage blocked, edited by hand). */
export function readDraft(): QualificationDraft | null {
  try {
    const saved = window.sessionStorage.getItem(DRAFT_STORAGE_KEY)
    if (!saved) return null
    const parsed = draftSchema.safeParse(JSON.parse(saved))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function writeDraft(serialized: string) {
  try {
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, serialized)
  } catch {
    // Storage full or blocked: the questionnaire still works, it just does not survive a reload.
  }
}

export function clearDraft() {
  try {
    window.sessionStorage.removeItem(DRAFT_STORAGE_KEY)
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

/**
 * Keeps the questionnaire in sessionStorage so a reload does not lose it. The saved draft is handed to
 * `restore` after hydration (the prerendered page always shows the first question, so the server and
 * client HTML match); from then on every change of `draft` is saved while `active` is true.
 * Returns `clear`, for a finished questionnaire.
 */
export function useQualificationDraft(
  draft: QualificationDraft,
  active: boolean,
  restore: (saved: QualificationDraft) => void,
) {
  const [restored, setRestored] = useState(false)
  // Restoring happens once, on mount, with the `restore` of that render.
  const restoreOnMount = useRef(restore)

  useEffect(() => {
    const saved = readDraft()
    if (saved) restoreOnMount.current(saved)
    setRestored(true)
  }, [])

  const serialized = JSON.stringify(draft)
  useEffect(() => {
    if (restored && active) writeDraft(serialized)
  }, [restored, active, serialized])

  return useCallback(() => clearDraft(), [])
}
