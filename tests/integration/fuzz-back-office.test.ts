import { describeFuzz, isBackOffice } from "../setup/fuzz/suite";

describeFuzz("the back office's actions", isBackOffice, { pages: true });
