import { describeFuzz, isBackOffice } from "../setup/fuzz/suite";

describeFuzz("the site's and the accounts' actions", (file) => !isBackOffice(file), {
  loginRedirects: true,
});
