import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * What the test wallet answers to an EIP-1193 request, whichever browser
 * relays it: the account, and personal_sign done in the test process (viem),
 * so no key ever enters a page.
 */
export async function walletAnswer(account: PrivateKeyAccount, method: string, params: readonly unknown[]): Promise<unknown> {
  switch (method) {
    case 'eth_requestAccounts':
    case 'eth_accounts':
      return [account.address];
    case 'personal_sign':
      return account.signMessage({ message: { raw: params[0] as `0x${string}` } });
    default:
      throw new Error(`Unsupported method ${method}`);
  }
}
