import type { Migration } from '../migrate';
import { m001Cache } from './001-cache';
import { m002Statements } from './002-statements';
import { m003Matching } from './003-matching';
import { m004AuditNotifications } from './004-audit-notifications';
import { m005Outbox } from './005-outbox';
import { m006DocumentedApi } from './006-documented-api';
import { m007StatementAccounts } from './007-statement-accounts';
import { m008ReturnFiles } from './008-return-files';
import { m009DecidedLines } from './009-decided-lines';
import { m010CardFees } from './010-card-fees';
import { m011AcquirerFiles } from './011-acquirer-files';
import { m012ReceivableBoletoNumber } from './012-receivable-boleto-number';
import { m013AsideRuleRange } from './013-aside-rule-range';
import { m014Identity } from './014-identity';
import { m015BankFeeds } from './015-bank-feeds';
import { m016Cycles } from './016-cycles';
import { m017SendPolicy } from './017-send-policy';
import { m018Branches } from './018-branches';
import { m019MatchVersion } from './019-match-version';
import { m020DebtorSearch } from './020-debtor-search';

/** Every migration, in order. Add new ones at the end with the next number; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [
  m001Cache,
  m002Statements,
  m003Matching,
  m004AuditNotifications,
  m005Outbox,
  m006DocumentedApi,
  m007StatementAccounts,
  m008ReturnFiles,
  m009DecidedLines,
  m010CardFees,
  m011AcquirerFiles,
  m012ReceivableBoletoNumber,
  m013AsideRuleRange,
  m014Identity,
  m015BankFeeds,
  m016Cycles,
  m017SendPolicy,
  m018Branches,
  m019MatchVersion,
  m020DebtorSearch,
];
