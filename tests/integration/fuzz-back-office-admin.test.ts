import { describeFuzz, isBackOffice } from "../setup/fuzz/suite";

// The back office's actions, in three files that Vitest's workers run at once: the rest of the
// admin area here, and the back office's pages that take a day or a month.
describeFuzz("the back office's actions", "admin", { dates: isBackOffice });
