import { describeKillNine } from './kill-nine.ts';

describeKillNine('postgres');
