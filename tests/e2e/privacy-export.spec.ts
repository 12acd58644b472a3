import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { atDesktopAndPhone } from "./repeats";
import { coupleOnPrivacyPage, downloadMyData, jsonIn } from "./privacy";
import { screenshot } from "./screens";

// Download my data (issue 46, ADR 049): a new couple with a saved venue finds the Privacy tab of
// their account, downloads their data and opens it: the archive names them and holds the venue
// they saved. With scripts here; as a plain form in no-js.spec.ts (the "no javascript" project).

atDesktopAndPhone((width) => {
  test("download my data and open it", async ({ page }) => {
    const account = await coupleOnPrivacyPage(page, `privacy-${width}`);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `account-privacy-${width}`, { fullPage: true });
    const zip = await downloadMyData(page);
    expect(jsonIn(zip, "account.json")).toMatchObject({ name: account.name, email: account.email });
    expect(jsonIn(zip, "favorites.json")).toHaveLength(1);
    expect(Buffer.from(zip["README.txt"]!).toString()).toContain("favorites.json");
    // The page is still there, as it was.
    await expect(page).toHaveURL(/\/account\/privacy$/);
  });
});
