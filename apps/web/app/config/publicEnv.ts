/**
 * Build-time configuration that the browser needs (all VITE_ variables are public; see .env.example).
 * Getters read import.meta.env when used, not when this module loads, so tests can stub a variable.
 */
export const publicEnv = {
  get appUrl(): string {
    return (import.meta.env.VITE_APP_URL ?? '').replace(/\/+$/, '')
  },
  get contactWebhookUrl(): string {
    return import.meta.env.VITE_CONTACT_WEBHOOK_URL ?? ''
  },
  get guideWebhookUrl(): string {
    return import.meta.env.VITE_GUIDE_WEBHOOK_URL ?? ''
  },
  get qualifyWebhookUrl(): string {
    return import.meta.env.VITE_QUALIFY_WEBHOOK_URL ?? ''
  },
  get giveawayWebhookUrl(): string {
    return import.meta.env.VITE_GIVEAWAY_WEBHOOK_URL ?? ''
  },
}

export const signInUrl = () => `${publicEnv.appUrl}/auth`
