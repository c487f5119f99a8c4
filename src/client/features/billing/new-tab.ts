/**
 * Opens a URL in a new tab as the spec asks. The tab is opened before the call (browsers block pop-ups that
 * are not a direct result of a click) and sent to the URL when it arrives; if the browser refused a tab,
 * the current one goes there instead.
 */
export function openInNewTab(): { go: (url: string) => void; close: () => void } {
  const tab = window.open("", "_blank");
  return {
    go(url) {
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.href = url;
    },
    close() {
      tab?.close();
    },
  };
}
