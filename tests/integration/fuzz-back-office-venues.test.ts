import { describeFuzz } from "../setup/fuzz/suite";

// The back office's actions, in three files that Vitest's workers run at once: the admin
// area's venue screens here.
describeFuzz("the back office's actions", "admin-venues");
