import { paths } from '@/config/paths';

/**
 * The address a child's device opens to claim sign-in code `code`: this
 * app's /link page with the code in the fragment (which browsers never send
 * to a server, so the code stays out of the logs).
 */
export function deviceLinkUrl(code: string, origin: string = window.location.origin): string {
  return new URL(paths.auth.deviceLink.getHref(code), origin).href;
}
