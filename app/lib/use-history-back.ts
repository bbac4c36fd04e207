import { useNavigate } from "react-router";

/**
 * For a link that means "back": with history inside the app, go back (keeping scroll and
 * form state); otherwise, or without JavaScript, the link's own href is the way back.
 */
export function useHistoryBack() {
  const navigate = useNavigate();
  return (e: React.MouseEvent) => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) {
      e.preventDefault();
      navigate(-1);
    }
  };
}
