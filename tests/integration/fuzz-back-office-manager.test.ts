import { describeFuzz, isBackOffice } from "../setup/fuzz/suite";

// The back office's actions, in three files that Vitest's workers run at once: the venue
// manager's area here, and the sweep of every back-office page.
describeFuzz("the back office's actions", "manager", { pages: isBackOffice });
