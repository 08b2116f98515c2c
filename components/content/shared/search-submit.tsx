import s from './content.module.css';

/**
 * A search form's submit button: its word on a desktop; on a phone a magnifier (the word for screen
 * readers), so the field keeps room for its whole placeholder at 360 px.
 */
export function SearchSubmit({ label, mobile }: { label: string; mobile: boolean }) {
  if (!mobile)
    return (
      <button type="submit" className="btn btn-primary">
        {label}
      </button>
    );
  return (
    <button type="submit" className={`btn btn-primary ${s.searchIcon}`} aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
