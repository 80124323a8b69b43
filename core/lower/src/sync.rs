//! Which sync copies between a temp's two views are worth keeping, under
//! the companion register models.
//!
//! A temp lane with a `uvec4` companion has two views, the float `rN` and
//! the integer `rN_u` ([`crate::companions`]). [`crate::Ctx::assign`]
//! writes the view that matches the value's type (the *primary* write) and
//! then copies it into the other view with a bit cast, the *sync copy*:
//! ```text
//! r3_u.y = (int(r3_u.x) >= 4) ? 0xFFFFFFFFu : uint(0);
//! r3.y = uintBitsToFloat(r3_u.y);        // sync copy into the float view
//! r3.z = dot(r4.xyz, r4.xyz);
//! r3_u.z = floatBitsToUint(r3.z);        // sync copy into the companion
//! ```
//! A sync copy is dead when nothing reads that view of the lane before the
//! lane is written again. This module finds the live ones after the stage's
//! instructions are lowered and removes the others from the text
//! ([`prune`]): a backward liveness over the program's structured control
//! flow, per (temp lane, view), from what the handlers actually printed.
//!
//! ## What is recorded ([`SyncLog`])
//!
//! While the instructions are lowered, for each instruction:
//! - every read of a temp lane through one view, as it is printed
//!   ([`crate::Src`]: the companion for an integer read of a lane that has
//!   one, the float view otherwise; relative indices included);
//! - every write of a temp lane by [`crate::Ctx::assign`], after the
//!   statement that evaluates the value, as a *kill* of both views when it
//!   is written at the nesting depth the instruction started at (a write
//!   inside a block the handler opened may not run);
//! - every sync copy, with its place in the text.
//!
//! ## The liveness
//!
//! The control-flow graph is the program's, one node per instruction:
//! `if`/`else`/`endif`, `loop`/`endloop` (a back edge), `break`/`breakc` to
//! after the innermost `endloop` or `endswitch`, `continue`/`continuec` to
//! the innermost `loop`, `switch` to each of its `case`/`default` labels
//! (and past `endswitch` without a `default`), fall-through from a case
//! body into the next label, `ret`/`retc` to the end of their body. The end
//! of `main` reads no temp. Conservatively, every lane and view is live at
//! a `call`/`callc` (the subroutine may read anything) and at the end of a
//! subroutine body (its caller may), and `discard` is an ordinary
//! instruction. The equations are solved by iteration to the fixed point,
//! so a value a loop reads in its next iteration is live at the end of the
//! loop body.
//!
//! Within an instruction the events are taken in the order they were
//! printed (a handler may read a lane back after writing it), except in an
//! instruction that writes a temp inside a block it opened itself: there
//! its writes kill nothing and each of its reads counts as following every
//! copy it makes. A sync copy keeps the lanes whose copied view is live
//! just after it; its other lanes are dropped, and a copy with none left is
//! removed. The primary write is always kept. A view is never read while
//! stale: a copy is dropped only when no path reads that view of the lane
//! before a write that kills it.
//!
//! Nothing is pruned (every copy stays) when a read was printed outside an
//! instruction, or when the analysis would need more than
//! [`MAX_WORDS`] words of live sets (README "Untrusted input").
//!
//! Indexable temps (`x#`) keep both arrays in step at every write: their
//! element is chosen at run time.

use crate::emit::{Output, Section};
use dxlower_dxbc::{Instruction, Opcode};

/// The most 64-bit words the live sets of one stage may take (one set per
/// instruction); a larger stage keeps every sync copy.
pub(crate) const MAX_WORDS: usize = 1 << 21;

/// A view of a temp lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum View {
    /// The float `vec4 rN`.
    Float,
    /// The `uvec4 rN_u` companion.
    Uint,
}

/// One recorded event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    /// Instruction `i` (program index) starts.
    Inst(u32),
    /// `view` of the lanes of `r` is read.
    Read { r: u32, lanes: u8, view: View },
    /// The lanes of `r` are written (both views); `cond` when inside a
    /// block the handler opened, which may not run.
    Write { r: u32, lanes: u8, cond: bool },
    /// Sync copy `k` ([`SyncLog::copies`]).
    Copy(u32),
}

/// A sync copy in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyncCopy {
    /// Its section.
    section: Section,
    /// Byte range of its line.
    start: usize,
    end: usize,
    /// The temp.
    r: u32,
    /// The lanes it copies.
    lanes: u8,
    /// The view it writes.
    into: View,
}

/// The reads, writes and sync copies of temps the handlers printed, in
/// program order (kept by the stage state while the stage is lowered).
#[derive(Debug, Default)]
pub(crate) struct SyncLog {
    events: Vec<Event>,
    copies: Vec<SyncCopy>,
    /// The instruction being lowered and the depth it started at.
    current: Option<(u32, usize)>,
    /// A read was printed outside any instruction.
    unplaced: bool,
}

impl SyncLog {
    /// Instruction `i` starts at indentation depth `depth`.
    pub(crate) fn begin(&mut self, i: usize, depth: usize) {
        self.current = Some((i as u32, depth));
        self.events.push(Event::Inst(i as u32));
    }

    /// No instruction is being lowered any more.
    pub(crate) fn end(&mut self) {
        self.current = None;
    }

    /// Some event was not recorded: every copy must stay.
    pub(crate) fn lose(&mut self) {
        self.unplaced = true;
    }

    /// A read of `view` of the lanes of `r`.
    pub(crate) fn read(&mut self, r: u32, lanes: u8, view: View) {
        if self.current.is_none() {
            self.unplaced = true;
        }
        self.events.push(Event::Read { r, lanes, view });
    }

    /// A write of the lanes of `r` at indentation depth `depth`.
    pub(crate) fn write(&mut self, r: u32, lanes: u8, depth: usize) {
        match self.current {
            Some((_, d)) => self.events.push(Event::Write {
                r,
                lanes,
                cond: d != depth,
            }),
            None => self.unplaced = true,
        }
    }

    /// A sync copy of the lanes of `r` into `into`, the line at
    /// `start..end` of `section`.
    pub(crate) fn copy(
        &mut self,
        (section, start): (Section, usize),
        end: usize,
        r: u32,
        lanes: u8,
        into: View,
    ) {
        if self.current.is_none() {
            self.unplaced = true;
        }
        self.copies.push(SyncCopy {
            section,
            start,
            end,
            r,
            lanes,
            into,
        });
        self.events
            .push(Event::Copy((self.copies.len() - 1) as u32));
    }
}

/// Where control goes after an instruction, besides the next one.
const EXIT_NONE: u32 = u32::MAX;
/// The end of a subroutine body: everything is live.
const EXIT_ALL: u32 = u32::MAX - 1;

/// The control-flow successors of every instruction, in CSR form.
struct Cfg {
    start: Vec<u32>,
    succ: Vec<u32>,
}

impl Cfg {
    fn of(&self, i: usize) -> &[u32] {
        let (a, b) = (self.start[i] as usize, self.start[i + 1] as usize);
        &self.succ[a..b]
    }
}

/// Builds the control-flow graph of a program whose nesting
/// [`crate::structure::check_program`] accepted; `None` when it does not
/// nest after all.
fn cfg(insts: &[Instruction]) -> Option<Cfg> {
    let n = insts.len();
    // Partners: the `else`/`endif` of an `if`, the `endif` of an `else`,
    // the end of a `loop`/`switch`, the `loop` of an `endloop`, the opener
    // a `break`/`continue` leaves, the labels of a `switch`.
    let none = u32::MAX;
    let mut else_of = vec![none; n];
    let mut end_of = vec![none; n];
    let mut opener = vec![none; n];
    let mut labels: Vec<(u32, u32)> = Vec::new(); // (switch, label)
    let mut exit = vec![EXIT_NONE; n];
    let mut stack: Vec<(Opcode, u32)> = Vec::new();
    let mut seg_exit = EXIT_NONE;
    for (i, inst) in insts.iter().enumerate() {
        let i32_ = i as u32;
        exit[i] = seg_exit;
        match inst.opcode {
            Opcode::Label => {
                if !stack.is_empty() {
                    return None;
                }
                seg_exit = EXIT_ALL;
                exit[i] = seg_exit;
            }
            Opcode::If | Opcode::Loop | Opcode::Switch => stack.push((inst.opcode, i32_)),
            Opcode::Else => {
                let &(Opcode::If, j) = stack.last()? else {
                    return None;
                };
                else_of[j as usize] = i32_;
            }
            Opcode::Endif | Opcode::Endloop | Opcode::Endswitch => {
                let (op, j) = stack.pop()?;
                let want = match inst.opcode {
                    Opcode::Endif => Opcode::If,
                    Opcode::Endloop => Opcode::Loop,
                    _ => Opcode::Switch,
                };
                if op != want {
                    return None;
                }
                end_of[j as usize] = i32_;
                opener[i] = j;
                if let Some(&e) = else_of.get(j as usize).filter(|&&e| e != none) {
                    end_of[e as usize] = i32_;
                }
            }
            Opcode::Case | Opcode::Default => {
                let &(Opcode::Switch, s) = stack.last()? else {
                    return None;
                };
                labels.push((s, i32_));
            }
            Opcode::Break | Opcode::Breakc => {
                let &(_, j) = stack
                    .iter()
                    .rev()
                    .find(|(op, _)| matches!(op, Opcode::Loop | Opcode::Switch))?;
                opener[i] = j;
            }
            Opcode::Continue | Opcode::Continuec => {
                let &(_, j) = stack.iter().rev().find(|(op, _)| *op == Opcode::Loop)?;
                opener[i] = j;
            }
            _ => {}
        }
    }
    if !stack.is_empty() {
        return None;
    }
    // The instruction after `i` in its body, or the body's exit.
    let next = |i: usize| -> u32 {
        match insts.get(i + 1) {
            Some(x) if x.opcode != Opcode::Label => (i + 1) as u32,
            _ => exit[i],
        }
    };
    // The labels of each switch, found by binary search.
    labels.sort_by_key(|&(s, _)| s);
    let mut start = Vec::with_capacity(n + 1);
    let mut succ = Vec::with_capacity(n + n / 4);
    for (i, inst) in insts.iter().enumerate() {
        start.push(succ.len() as u32);
        let end = |j: u32| end_of.get(j as usize).copied().filter(|&e| e != none);
        match inst.opcode {
            Opcode::If => {
                succ.push(next(i));
                let e = else_of[i];
                succ.push(if e != none { e + 1 } else { end(i as u32)? });
            }
            // The end of the `if` branch jumps over the `else` branch.
            Opcode::Else => succ.push(end(i as u32)?),
            Opcode::Endloop => succ.push(opener[i]),
            Opcode::Break | Opcode::Breakc => {
                if inst.opcode == Opcode::Breakc {
                    succ.push(next(i));
                }
                succ.push(next(end(opener[i])? as usize));
            }
            Opcode::Continue | Opcode::Continuec => {
                if inst.opcode == Opcode::Continuec {
                    succ.push(next(i));
                }
                succ.push(opener[i]);
            }
            Opcode::Switch => {
                let mut default = false;
                let from = labels.partition_point(|&(s, _)| (s as usize) < i);
                let to = labels.partition_point(|&(s, _)| s as usize <= i);
                for &(_, l) in &labels[from..to] {
                    default |= insts[l as usize].opcode == Opcode::Default;
                    succ.push(l);
                }
                if !default {
                    succ.push(end(i as u32)?);
                }
            }
            Opcode::Ret => succ.push(exit[i]),
            Opcode::Retc => {
                succ.push(next(i));
                succ.push(exit[i]);
            }
            _ => succ.push(next(i)),
        }
    }
    start.push(succ.len() as u32);
    Some(Cfg { start, succ })
}

/// The live sets: one bit per (tracked temp lane, view).
struct Bits {
    /// The slot of each temp (`u32::MAX`: untracked).
    slot: Vec<u32>,
}

impl Bits {
    fn bit(&self, r: u32, lane: u8, view: View) -> Option<usize> {
        let s = *self.slot.get(r as usize)?;
        (s != u32::MAX).then(|| s as usize * 8 + lane as usize * 2 + (view == View::Uint) as usize)
    }
}

fn set(v: &mut [u64], b: usize) {
    v[b / 64] |= 1 << (b % 64);
}

fn clear(v: &mut [u64], b: usize) {
    v[b / 64] &= !(1 << (b % 64));
}

fn get(v: &[u64], b: usize) -> bool {
    v[b / 64] & (1 << (b % 64)) != 0
}

/// For every sync copy of `log`, the lanes worth keeping, from the
/// liveness over `insts`; `None` when every copy must stay. `tracked(r)`
/// says which temps have a companion.
pub(crate) fn kept_lanes(
    insts: &[Instruction],
    log: &SyncLog,
    temps: u32,
    tracked: &dyn Fn(u32) -> bool,
) -> Option<Vec<u8>> {
    if log.unplaced {
        return None;
    }
    if log.copies.is_empty() {
        return Some(Vec::new());
    }
    let mut slot = vec![u32::MAX; temps.min(crate::regs::MAX_REGISTERS) as usize];
    let mut slots = 0u32;
    for (r, s) in slot.iter_mut().enumerate() {
        if tracked(r as u32) {
            *s = slots;
            slots += 1;
        }
    }
    let words = (slots as usize * 8).div_ceil(64).max(1);
    if words.saturating_mul(insts.len() + 1) > MAX_WORDS {
        return None;
    }
    let bits = Bits { slot };
    let cfg = cfg(insts)?;
    // The events of each instruction.
    let n = insts.len();
    let mut ev_at = vec![u32::MAX; n];
    for (k, e) in log.events.iter().enumerate() {
        if let Event::Inst(i) = *e {
            if let Some(a) = ev_at.get_mut(i as usize) {
                *a = k as u32 + 1;
            }
        }
    }
    // An instruction's events run to the next `Inst` marker.
    let events_of = |i: usize| -> &[Event] {
        let a = ev_at[i];
        if a == u32::MAX {
            return &[];
        }
        let rest = &log.events[a as usize..];
        let len = rest
            .iter()
            .position(|e| matches!(e, Event::Inst(_)))
            .unwrap_or(rest.len());
        &rest[..len]
    };
    let all = {
        let mut v = vec![0u64; words];
        for b in 0..slots as usize * 8 {
            set(&mut v, b);
        }
        v
    };
    let calls = |i: usize| matches!(insts[i].opcode, Opcode::Call | Opcode::Callc);
    // The bits of the lanes of `r` in `view`.
    let each = |r: u32, lanes: u8, view: View, f: &mut dyn FnMut(usize)| {
        for l in 0..4u8 {
            if lanes & 1 << l != 0 {
                if let Some(b) = bits.bit(r, l, view) {
                    f(b);
                }
            }
        }
    };
    // live-out of `i` into `out`.
    let live_out = |live_in: &[u64], i: usize, out: &mut [u64]| {
        out.fill(0);
        for &s in cfg.of(i) {
            let src: &[u64] = match s {
                EXIT_NONE => continue,
                EXIT_ALL => &all,
                s => &live_in[s as usize * words..(s as usize + 1) * words],
            };
            out.iter_mut().zip(src).for_each(|(o, x)| *o |= x);
        }
    };
    // From live-out to live-in of `i` (in `v`), deciding its copies on the
    // way into `kept` when given. The events are walked backwards in the
    // order they were printed: a read sets its bits, a write clears both
    // views of its lanes, a copy is kept for the lanes live just after it.
    // An instruction that writes inside a block it opened (a write that
    // may not run, or run in a loop) is taken as a whole: its writes kill
    // nothing and all its reads count after each copy.
    let transfer = |i: usize, v: &mut [u64], mut kept: Option<&mut [u8]>| {
        if calls(i) {
            v.copy_from_slice(&all);
        }
        let evs = events_of(i);
        let whole = evs
            .iter()
            .any(|e| matches!(e, Event::Write { cond: true, .. }));
        if whole {
            for e in evs {
                if let Event::Read { r, lanes, view } = *e {
                    each(r, lanes, view, &mut |b| set(v, b));
                }
            }
        }
        for e in evs.iter().rev() {
            match *e {
                Event::Read { r, lanes, view } => each(r, lanes, view, &mut |b| set(v, b)),
                Event::Write { r, lanes, .. } if !whole => {
                    for view in [View::Float, View::Uint] {
                        each(r, lanes, view, &mut |b| clear(v, b));
                    }
                }
                Event::Copy(k) => {
                    if let Some(kept) = kept.as_deref_mut() {
                        let c = &log.copies[k as usize];
                        let mut keep = 0u8;
                        for l in 0..4u8 {
                            // An untracked temp has no companion: keep.
                            let live = bits.bit(c.r, l, c.into).is_none_or(|b| get(v, b));
                            if c.lanes & 1 << l != 0 && live {
                                keep |= 1 << l;
                            }
                        }
                        kept[k as usize] = keep;
                    }
                }
                _ => {}
            }
        }
        if calls(i) {
            v.copy_from_slice(&all);
        }
    };
    let mut live_in = vec![0u64; n * words];
    let mut cur = vec![0u64; words];
    loop {
        let mut changed = false;
        for i in (0..n).rev() {
            live_out(&live_in, i, &mut cur);
            transfer(i, &mut cur, None);
            let slot = &mut live_in[i * words..(i + 1) * words];
            if slot != cur.as_slice() {
                slot.copy_from_slice(&cur);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Decide each copy with the solved live-out sets.
    let mut kept = vec![0u8; log.copies.len()];
    for i in 0..n {
        if events_of(i).iter().any(|e| matches!(e, Event::Copy(_))) {
            live_out(&live_in, i, &mut cur);
            transfer(i, &mut cur, Some(&mut kept));
        }
    }
    Some(kept)
}

/// Removes the dead sync copies of the stage's temps from the text (see
/// the module docs), narrowing a copy some of whose lanes are dead.
/// `has_companion` tells whether temp `r` has an integer view at all.
pub(crate) fn prune(
    log: &SyncLog,
    insts: &[Instruction],
    temps: u32,
    has_companion: &dyn Fn(u32) -> bool,
    out: &mut Output,
) {
    let Some(kept) = kept_lanes(insts, log, temps, has_companion) else {
        return;
    };
    for section in [Section::Main, Section::Functions] {
        let mut edits: Vec<(usize, usize, String)> = Vec::new();
        for (c, &keep) in log.copies.iter().zip(&kept) {
            if c.section != section || keep == c.lanes {
                continue;
            }
            let text = if keep == 0 {
                String::new()
            } else {
                narrowed(out, c, keep)
            };
            edits.push((c.start, c.end, text));
        }
        edits.sort_by_key(|e| e.0);
        out.rewrite(section, &edits);
    }
}

/// The line of copy `c` through the lanes `keep` only, with its
/// indentation.
fn narrowed(out: &Output, c: &SyncCopy, keep: u8) -> String {
    let line = out
        .section_text(c.section)
        .get(c.start..c.end)
        .unwrap_or("");
    let indent = &line[..line.len() - line.trim_start().len()];
    let mut sw = String::from(".");
    for l in 0..4u8 {
        if keep & 1 << l != 0 {
            sw.push(crate::regs::XYZW[l as usize]);
        }
    }
    let r = c.r;
    match c.into {
        View::Uint => format!("{indent}r{r}_u{sw} = floatBitsToUint(r{r}{sw});\n"),
        View::Float => format!("{indent}r{r}{sw} = uintBitsToFloat(r{r}_u{sw});\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxlower_dxbc::Operand;

    /// An instruction of opcode `op` (its operands do not matter: the
    /// analysis reads the events).
    fn inst(op: Opcode) -> Instruction {
        let ops = match op {
            Opcode::Case => vec![Operand::imm32(1)],
            _ => vec![],
        };
        Instruction::new(op, ops)
    }

    /// A program of opcodes, and a log built by `f(log, i)` for each
    /// instruction `i`.
    struct T {
        insts: Vec<Instruction>,
        log: SyncLog,
    }

    impl T {
        fn new(ops: &[Opcode]) -> Self {
            T {
                insts: ops.iter().map(|&o| inst(o)).collect(),
                log: SyncLog::default(),
            }
        }
        fn at(&mut self, i: usize) -> &mut Self {
            self.log.begin(i, 1);
            self
        }
        /// A write of `r.lanes` with `view` primary, its copy into the other.
        fn write(&mut self, r: u32, lanes: u8, primary: View) -> &mut Self {
            self.log.write(r, lanes, 1);
            let into = if primary == View::Float {
                View::Uint
            } else {
                View::Float
            };
            self.log.copy((Section::Main, 0), 0, r, lanes, into);
            self
        }
        fn read(&mut self, r: u32, lanes: u8, view: View) -> &mut Self {
            self.log.read(r, lanes, view);
            self
        }
        fn kept(&self) -> Vec<u8> {
            kept_lanes(&self.insts, &self.log, 8, &|_| true).expect("analysed")
        }
    }

    use Opcode::*;
    use View::{Float as F, Uint as U};

    #[test]
    fn straight_line_keeps_the_copies_read_before_the_next_write() {
        // 0: r0.xy = int (copy into float); 1: float read of r0.x;
        // 2: r1.x = float (copy into uint); 3: r1.x = float again.
        let mut t = T::new(&[Iadd, Add, Mul, Mul, Ret]);
        t.at(0).write(0, 0b11, U);
        t.at(1).read(0, 0b01, F);
        t.at(2).write(1, 0b01, F);
        t.at(3).read(1, 0b01, F).write(1, 0b01, F);
        t.at(4);
        // r0's float copy keeps x only; r1's copies are never read as uint.
        assert_eq!(t.kept(), vec![0b01, 0, 0]);
    }

    #[test]
    fn if_else_keeps_a_copy_read_on_one_path() {
        // 0: r0.x = float; 1: if; 2: uint read r0.x; 3: else; 4: r0.x =
        // float; 5: endif; 6: ret.
        let mut t = T::new(&[Mul, If, Iadd, Else, Mul, Endif, Ret]);
        t.at(0).write(0, 1, F);
        t.at(1);
        t.at(2).read(0, 1, U);
        t.at(4).write(0, 1, F);
        t.at(5);
        assert_eq!(t.kept(), vec![1, 0]);
        // A write in both branches before a read after `endif`: the write
        // before the `if` is dead, both branch writes live.
        let mut t = T::new(&[Mul, If, Mul, Else, Mul, Endif, Iadd, Ret]);
        t.at(0).write(0, 1, F);
        t.at(2).write(0, 1, F);
        t.at(4).write(0, 1, F);
        t.at(6).read(0, 1, U);
        assert_eq!(t.kept(), vec![0, 1, 1]);
        // Without `else`, the write before the `if` reaches the read.
        let mut t = T::new(&[Mul, If, Mul, Endif, Iadd, Ret]);
        t.at(0).write(0, 1, F);
        t.at(2).write(0, 1, F);
        t.at(4).read(0, 1, U);
        assert_eq!(t.kept(), vec![1, 1]);
    }

    #[test]
    fn a_loop_carries_a_value_to_its_next_iteration() {
        // 0: r0.x = 0 (uint); 1: loop; 2: float read r0.x; 3: breakc;
        // 4: r0.x = uint; 5: endloop; 6: ret.
        let mut t = T::new(&[Mov, Loop, Add, Breakc, Iadd, Endloop, Ret]);
        t.at(0).write(0, 1, U);
        t.at(2).read(0, 1, F);
        t.at(4).write(0, 1, U);
        assert_eq!(t.kept(), vec![1, 1]);
        // Read after the loop only through the companion: no float copy.
        let mut t = T::new(&[Mov, Loop, Iadd, Breakc, Iadd, Endloop, Ret]);
        t.at(0).write(0, 1, U);
        t.at(2).read(0, 1, U);
        t.at(4).write(0, 1, U);
        assert_eq!(t.kept(), vec![0, 0]);
    }

    #[test]
    fn break_leads_past_the_loop() {
        // 0: loop; 1: r0.x = float; 2: break; 3: r0.x = float; 4: endloop;
        // 5: uint read r0.x; 6: ret. Instruction 3 is unreachable.
        let mut t = T::new(&[Loop, Mul, Break, Mul, Endloop, Iadd, Ret]);
        t.at(1).write(0, 1, F);
        t.at(3).write(0, 1, F);
        t.at(5).read(0, 1, U);
        assert_eq!(t.kept(), vec![1, 0]);
        // `continue` goes back to the loop head, where the value is
        // overwritten before any read: dead.
        let mut t = T::new(&[Loop, Mul, Continue, Endloop, Ret]);
        t.at(1).read(0, 1, F).write(0, 1, F);
        assert_eq!(t.kept(), vec![0]);
    }

    #[test]
    fn switch_cases_fall_through() {
        // 0: r0.x = float; 1: switch; 2: case; 3: r1.x = float;
        // 4: case (fall-through from 3); 5: uint read r0.x, r1.x;
        // 6: break; 7: endswitch; 8: ret.
        let mut t = T::new(&[Mul, Switch, Case, Mul, Case, Iadd, Break, Endswitch, Ret]);
        t.at(0).write(0, 1, F);
        t.at(3).write(1, 1, F);
        t.at(5).read(0, 1, U).read(1, 1, U);
        assert_eq!(t.kept(), vec![1, 1]);
        // A value written in a case and read after `endswitch`: live,
        // also through the `switch` edge past a missing `default`.
        let mut t = T::new(&[Mul, Switch, Case, Mul, Break, Endswitch, Iadd, Ret]);
        t.at(0).write(0, 1, F);
        t.at(3).write(0, 1, F);
        t.at(6).read(0, 1, U);
        assert_eq!(t.kept(), vec![1, 1]);
        // With a `default` that writes too, the first write is dead.
        let mut t = T::new(&[
            Mul, Switch, Case, Mul, Break, Default, Mul, Break, Endswitch, Iadd, Ret,
        ]);
        t.at(0).write(0, 1, F);
        t.at(3).write(0, 1, F);
        t.at(6).write(0, 1, F);
        t.at(9).read(0, 1, U);
        assert_eq!(t.kept(), vec![0, 1, 1]);
    }

    #[test]
    fn calls_and_subroutine_ends_keep_everything() {
        // 0: r0.x = float; 1: call; 2: ret; 3: label; 4: r1.x = float;
        // 5: ret.
        let mut t = T::new(&[Mul, Call, Ret, Label, Mul, Ret]);
        t.at(0).write(0, 1, F);
        t.at(4).write(1, 1, F);
        assert_eq!(t.kept(), vec![1, 1]);
    }

    #[test]
    fn a_conditional_write_kills_nothing() {
        // 0: r0.x = float; 1: r0.x written inside a block the handler
        // opened (depth 2); 2: uint read. The first copy stays.
        let mut t = T::new(&[Mul, Mul, Iadd, Ret]);
        t.at(0).write(0, 1, F);
        t.log.begin(1, 1);
        t.log.write(0, 1, 2);
        t.log.copy((Section::Main, 0), 0, 0, 1, View::Uint);
        t.at(2).read(0, 1, U);
        assert_eq!(t.kept(), vec![1, 1]);
    }

    #[test]
    fn a_read_by_the_writing_instruction_keeps_its_copy() {
        let mut t = T::new(&[Mul, Ret]);
        t.at(0).write(0, 1, F).read(0, 1, U);
        assert_eq!(t.kept(), vec![1]);
    }

    #[test]
    fn a_read_of_the_old_value_by_the_writing_instruction_is_no_reason_to_copy() {
        // `lt r0.x, r0.x, l(0)`: the float source is read before the uint
        // result is written; its float copy is dead when nothing reads
        // r0.x as a float afterwards.
        let mut t = T::new(&[Lt, Iadd, Ret]);
        t.at(0).read(0, 1, F).write(0, 1, U);
        t.at(1).read(0, 1, U);
        assert_eq!(t.kept(), vec![0]);
    }

    #[test]
    fn an_unplaced_read_keeps_every_copy() {
        let mut t = T::new(&[Mul, Ret]);
        t.log.read(0, 1, F);
        t.at(0).write(0, 1, F);
        assert!(kept_lanes(&t.insts, &t.log, 8, &|_| true).is_none());
    }
}
