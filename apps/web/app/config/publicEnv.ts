/**
 * Build-time configuration that the browser needs (all VITE_ variables are public; see .env.example).
 * The webhook addresses of a direct build are read in forms/shared/submitLead.ts only.
 * Getters read import.meta.env when used, not when this module loads, so tests can stub a variable.
 */
export const publicEnv = {
  get appUrl(): string {
    return (import.meta.env.VITE_APP_URL ?? '').replace(/\/+$/, '')
  },
}

export const signInUrl = () => `${publicEnv.appUrl}/auth`
