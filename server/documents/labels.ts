import { GST_RATE_PERCENT } from '../../shared/constants';

export const GST_RATE_PERCENT_LABEL = `${GST_RATE_PERCENT}%`;
