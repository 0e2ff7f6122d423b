import { z } from 'zod';
import { listOutput, listSummaryOutput } from './saved-list.schema';
import { quoteOutput } from './quote.schema';
import { addressInput, addressOutput, updateAddressInput } from './address.schema';

// What a company admin sees of every member's saved lists and quotes (decision 0195): the buyer's
// own answers with who made each.

const madeByOutput = z.object({ user_id: z.string(), name: z.string(), email: z.string() });
export const memberListSummaryOutput = listSummaryOutput.extend({ made_by: madeByOutput });
export const memberListOutput = listOutput.extend({ made_by: madeByOutput });
export const memberQuoteOutput = quoteOutput.extend({ made_by: madeByOutput });

/** A company's address book holds at most this many addresses. */
export const MAX_COMPANY_ADDRESSES = 50;
/** A company address: the saved address's fields, without a default (every member picks at checkout). */
export const companyAddressInput = addressInput;
export const updateCompanyAddressInput = updateAddressInput;
export const companyAddressOutput = addressOutput.omit({ isDefault: true });
