/**
 * Fresh Ethereum accounts for external wallets. The sandbox picks outcomes by
 * the last three characters of an account's identifier (002 fails a payout,
 * 105 refuses the account, ...): a random address ends in such digits now and
 * then, and a test about something else would fail by chance.
 */
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** A new key whose address ends in a letter: no magic suffix decides what happens to it. */
export function plainWalletAccount(): PrivateKeyAccount {
  for (;;) {
    const account = privateKeyToAccount(generatePrivateKey());
    if (/[a-f]$/i.test(account.address)) return account;
  }
}
