import { describeFuzz, isBackOffice } from "../setup/fuzz/suite";

describeFuzz("the site's and the accounts' actions", "site", {
  pages: (file) => !isBackOffice(file),
  dates: (file) => !isBackOffice(file),
  loginRedirects: true,
});
