import { toast } from 'sonner'

/**
 * The site's notifications, shown by the page's one <SiteToaster/>. Title and description are fixed by
 * SPEC section 8; `error` is the destructive style.
 */
export const notify = {
  error: (title: string, description: string) => toast.error(title, { description }),
  success: (title: string, description: string) => toast.success(title, { description }),
  info: (title: string, description: string) => toast(title, { description }),
  /** Closes every notification (sonner keeps them across toaster mounts). */
  dismissAll: () => {
    toast.dismiss()
  },
}
