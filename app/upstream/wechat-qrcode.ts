/**
 * Where the browser gets the WeChat login QR picture from (ADR 062). Niushop answers WeChat's own
 * URL (`https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=…`, EasyWeChat's `qrcode->url`): shown
 * as it is, so the CSP's img-src names that one origin. A picture on the upstream itself (the
 * reference shop API, which has no WeChat) goes through the /media proxy like every upstream
 * image. Anything else is not shown: null.
 */
export const WECHAT_QR_ORIGIN = "https://mp.weixin.qq.com";
const WECHAT_QR_PATH = "/cgi-bin/showqrcode";
/** What server.ts's /media proxy serves. */
const MEDIA_PATH = /^(?:upload|public|static)\/[\w\-./]+$/;

export function qrImageUrl(qrcode: string, upstreamBaseUrl: string): string | null {
  let url: URL;
  let base: URL;
  try {
    url = new URL(qrcode);
    base = new URL(upstreamBaseUrl.replace(/\/?$/, "/"));
  } catch {
    return null;
  }
  if (url.origin === WECHAT_QR_ORIGIN && url.pathname === WECHAT_QR_PATH && url.searchParams.get("ticket")) return url.href;
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname) || url.search || url.hash) return null;
  const path = url.pathname.slice(base.pathname.length);
  return MEDIA_PATH.test(path) && !path.split("/").includes("..") ? `/media/${path}` : null;
}
