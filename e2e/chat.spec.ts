import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signedInContext } from './support/users';

const SHOTS = '.tmp/shots';

async function openChat(page: Page) {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Your Messages' })).toBeVisible();
  await expect(page.getByText('Chat Dashboard')).toBeVisible();
  // The hub connection is up once the 'Connecting...' notice is gone.
  await expect(page.getByText('Connecting...')).toHaveCount(0);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('two users chat in real time, see presence change and find their history after a reload', async ({ browser, request, baseURL }) => {
  const ann = await registerUser(request, 'ann');
  const ben = await registerUser(request, 'ben');
  const annContext = await signedInContext(browser, baseURL!, ann.username, ann.password);
  const benContext = await signedInContext(browser, baseURL!, ben.username, ben.password);
  const annPage = await annContext.newPage();
  const benPage = await benContext.newPage();

  await openChat(annPage);
  await expect(annPage.getByText('Select a user to start chatting')).toBeVisible();
  await openChat(benPage);

  // Ann finds Ben; picking him clears the search box and opens the conversation.
  const search = annPage.getByPlaceholder('Search users...');
  await search.fill(ben.username.slice(0, 8));
  await annPage.getByRole('option', { name: ben.username }).click();
  await expect(search).toHaveValue('');
  await expect(annPage.getByRole('heading', { name: `Chat with ${ben.username}` })).toBeVisible();
  await expect(annPage.getByTestId('partner-presence')).toHaveText('Online');
  await expect(annPage.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: new RegExp(ben.username) })).toHaveCount(1);

  // A search with no match says so.
  await search.fill('zz-nobody-has-this-name');
  await expect(annPage.getByRole('option', { name: 'No users found' }).or(annPage.getByText('No users found'))).toBeVisible();
  await search.fill('');

  // Ann writes (Enter sends); Ben is not in that conversation yet: Ann rises with an unread mark.
  const annInput = annPage.getByPlaceholder('Type a message...');
  await annInput.fill('Hi Ben, is the van free on Friday?');
  await annInput.press('Enter');
  await expect(annInput).toHaveValue('');
  await expect(annPage.getByRole('log').getByText('Hi Ben, is the van free on Friday?')).toBeVisible();
  const annInBensList = benPage.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: new RegExp(ann.username) });
  await expect(annInBensList.getByTestId('unread-badge')).toBeVisible();

  // Ben opens it and answers; Ann sees the answer at once, and the reverse.
  await annInBensList.click();
  await expect(benPage.getByRole('log').getByText('Hi Ben, is the van free on Friday?')).toBeVisible();
  await expect(annInBensList.getByTestId('unread-badge')).toHaveCount(0);
  const benInput = benPage.getByPlaceholder('Type a message...');
  await benInput.fill('Yes, all day.');
  await benPage.getByRole('button', { name: 'Send' }).click();
  await expect(annPage.getByRole('log').getByText('Yes, all day.')).toBeVisible();
  await annInput.fill('Great, booking it now.');
  await annInput.press('Enter');
  await expect(benPage.getByRole('log').getByText('Great, booking it now.')).toBeVisible();

  // Blank text is not sent.
  await annInput.fill('   ');
  await expect(annPage.getByRole('button', { name: 'Send' })).toBeDisabled();

  await annPage.setViewportSize({ width: 1280, height: 800 });
  await annPage.screenshot({ path: `${SHOTS}/chat-desktop.png` });
  await expectNoSeriousA11yViolations(annPage);

  // Ben leaves: Ann sees him go offline.
  await benPage.close();
  await expect(annPage.getByTestId('partner-presence')).toHaveText('Offline');

  // After a reload the conversation is still there, in order.
  await annPage.reload();
  await expect(annPage.getByText('Connecting...')).toHaveCount(0);
  await annPage.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: new RegExp(ben.username) }).click();
  const log = annPage.getByRole('log');
  await expect(log.getByRole('listitem')).toHaveCount(3);
  await expect(log.getByRole('listitem').nth(0)).toContainText('Hi Ben, is the van free on Friday?');
  await expect(log.getByRole('listitem').nth(1)).toContainText('Yes, all day.');
  await expect(log.getByRole('listitem').nth(2)).toContainText('Great, booking it now.');

  // Phones: one pane at a time.
  await annPage.setViewportSize({ width: 360, height: 740 });
  await annPage.screenshot({ path: `${SHOTS}/chat-360-conversation.png`, fullPage: true });
  await annPage.getByRole('button', { name: 'Back to chats' }).click();
  await expect(annPage.getByPlaceholder('Search users...')).toBeVisible();
  await annPage.screenshot({ path: `${SHOTS}/chat-360-list.png`, fullPage: true });
  await expectNoSeriousA11yViolations(annPage);

  await annContext.close();
  await benContext.close();
});
