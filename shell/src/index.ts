// The shell's entry: its start-up code lives in boot/ (start.ts says what runs when).
import './boot/start';
