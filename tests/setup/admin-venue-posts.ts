import * as editRoute from "../../app/routes/admin/edit-venue";
import * as venuesRoute from "../../app/routes/admin/venues";
import { formRequest } from "./factories";
import { run, type TestApp } from "./test-app";

// The admin's venue forms posted to their route actions (admin-venues, admin-venues-edit).

type Fields = Record<string, string | string[]>;

/** Add Venue's post (`fields`, and `files` as formRequest takes them), its outcome. */
export const postAddVenue = (
  t: TestApp,
  cookie: string,
  fields: Fields,
  files: Record<string, Buffer> = {},
) =>
  run(async () =>
    venuesRoute.action(await t.args(formRequest("/admin/venues?intent=add", cookie, fields, files))),
  );

/** Edit venue's post for `venueId`, its outcome. */
export const postEditVenue = (
  t: TestApp,
  cookie: string,
  venueId: string,
  fields: Fields,
  files: Record<string, Buffer> = {},
) =>
  run(async () =>
    editRoute.action(
      await t.args(formRequest(`/admin/edit-venue/${venueId}`, cookie, fields, files), { venueId }),
    ),
  );
