import { describeFuzz, isBackOffice } from "../setup/fuzz/suite";

describeFuzz("the site's and the accounts' actions", "site", {
  dates: (file) => !isBackOffice(file),
  loginRedirects: true,
});
