import type { Panel, useAuthFlows } from './use-auth-flows';

type Flows = ReturnType<typeof useAuthFlows>;

/** A panel's notice ("code sent") and error, announced to screen readers; same on both devices. */
export function PanelMessages({
  flows,
  panel,
  classes,
}: {
  flows: Flows;
  panel: Panel;
  classes: { notice?: string; error?: string };
}) {
  const notice = flows.notices[panel];
  const error = flows.errors[panel];
  return (
    <>
      <p role="status" className={classes.notice} hidden={!notice}>
        {notice}
      </p>
      <p role="alert" className={classes.error} hidden={!error}>
        {error}
      </p>
    </>
  );
}
