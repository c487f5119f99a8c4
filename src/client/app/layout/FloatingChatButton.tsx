export function FloatingChatButton() {
  return null;
}
