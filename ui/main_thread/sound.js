/* Sound and speech on the main thread, and the player's settings for them (plain JavaScript).

   The worker decides what a move deserves and renders the Sound panel (ui/worker/cues.py);
   ui/main_thread/page.py hands both over: tweakSound.install(html) puts the panel in #sound,
   tweakSound.cue(text) gets a reply's JSON {"sounds": [names], "speech": [{text, lang, kind}]},
   and the panel's commands are tweakSound.togglePanel(open) and tweakSound.toggleMute().
   The settings live in localStorage (ui/worker/protocol.py STORAGE): "tweak.sound", JSON
   {"volume": 0..1, "muted": bool}, and "tweak.speech", "tweak.speech.turn" ("on"/"off") for
   "Speak sums" and "Speak turn prompts".  Sounds are synthesised with Web Audio (no audio
   files), one after another, a backlog over a second skipped; each played is told as a
   "tweaksound" event on document.  Words are said one utterance at a time, in a voice of
   their language or not at all.  The audio context is made on the player's first gesture
   (autoplay policy), a hidden page is silent, and a browser without Web Audio or speech
   plays on silently (docs/architecture.md).  No word shown or spoken is written here. */
(() => {
  "use strict";
  const AudioContextClass = window.AudioContext || window.webkitAudioContext;
  const PEAK = 0.5;  // the master gain at full volume: the sounds are accents, not a soundtrack
  const BACKLOG = 1.0;  // seconds of sounds waiting beyond which a new one is skipped

  // Safari: the ring/silent switch mutes the game, and it mixes with the player's music
  // instead of stopping it.
  try {
    if (navigator.audioSession) navigator.audioSession.type = "ambient";
  } catch (error) {
    // An audio session that refuses the type: the browser's default applies.
  }

  // ---- sounds ---------------------------------------------------------------------------------
  let context = null;  // made on the first gesture with sound on
  let master = null;  // every sound goes through it: volume and mute
  let noiseBuffer = null;
  let volume = 0.5;  // 0..1 and muted: the player's settings (readSettings)
  let muted = false;
  let nextFree = 0;  // on the audio clock: when the sounds already asked for have ended

  const level = () => (muted ? 0 : volume * volume * PEAK);  // loudness is felt squared

  // Whether the player has tapped, clicked or typed on the page yet (the autoplay policy's
  // test; Escape does not count).  Unknown in a browser without the API: try, it may refuse.
  const activated = () => !navigator.userActivation || navigator.userActivation.hasBeenActive;

  function unlock() {
    if (!AudioContextClass || level() === 0 || document.hidden || !activated()) return;
    if (!context) {
      try {
        context = new AudioContextClass({ latencyHint: "interactive" });
      } catch (error) {
        return;  // no audio device: the game plays on silently
      }
    }
    if (context.state === "suspended") context.resume().catch(() => {});
  }
  for (const type of ["pointerdown", "keydown", "touchend"]) {
    addEventListener(type, unlock, { capture: true, passive: true });
  }

  function output() {
    if (!master) {
      master = context.createGain();
      master.gain.value = level();
      master.connect(context.destination);
    }
    return master;
  }

  function noise() {
    if (!noiseBuffer) {
      const length = Math.floor(context.sampleRate * 0.6);
      noiseBuffer = context.createBuffer(1, length, context.sampleRate);
      const data = noiseBuffer.getChannelData(0);
      for (let i = 0; i < length; i += 1) data[i] = Math.random() * 2 - 1;
    }
    return noiseBuffer;
  }

  /* One note: an oscillator through an envelope (a quick attack, an exponential decay). */
  function tone(at, frequency, length, { type = "sine", gain = 0.3, attack = 0.008,
                                          glide = 0 } = {}) {
    const osc = context.createOscillator();
    const env = context.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, at);
    if (glide) osc.frequency.exponentialRampToValueAtTime(glide, at + length);
    env.gain.setValueAtTime(0.0001, at);
    env.gain.linearRampToValueAtTime(gain, at + attack);
    env.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(env).connect(output());
    osc.start(at);
    osc.stop(at + length + 0.05);
  }

  /* A breath of filtered noise: the rustle of a card, a whoosh when the filter sweeps. */
  function hiss(at, length, { gain = 0.2, from = 2000, to = 0, q = 1.2, type = "bandpass" } = {}) {
    const source = context.createBufferSource();
    const filter = context.createBiquadFilter();
    const env = context.createGain();
    source.buffer = noise();
    filter.type = type;
    filter.Q.value = q;
    filter.frequency.setValueAtTime(from, at);
    if (to) filter.frequency.exponentialRampToValueAtTime(to, at + length);
    env.gain.setValueAtTime(0.0001, at);
    env.gain.linearRampToValueAtTime(gain, at + Math.min(0.02, length / 3));
    env.gain.exponentialRampToValueAtTime(0.0001, at + length);
    source.connect(filter).connect(env).connect(output());
    source.start(at);
    source.stop(at + length + 0.05);
  }

  const NOTE = { G4: 392, C5: 523.25, E5: 659.25, G5: 783.99, A5: 880, C6: 1046.5, E6: 1318.5 };

  /* Each recipe schedules its notes from `at` and returns how long it lasts (seconds). */
  const RECIPES = {
    // A card laid on the felt: a soft low knock and a short rustle.
    place(at) {
      hiss(at, 0.06, { gain: 0.25, from: 1800, q: 0.8 });
      tone(at, 260, 0.12, { type: "triangle", gain: 0.35, glide: 170 });
      return 0.14;
    },
    // Cards won: two bright rising notes.
    capture(at) {
      tone(at, NOTE.E5, 0.2, { type: "triangle", gain: 0.28 });
      tone(at + 0.09, NOTE.A5, 0.3, { type: "triangle", gain: 0.28 });
      tone(at + 0.09, NOTE.A5 * 2, 0.25, { gain: 0.06 });
      return 0.36;
    },
    // The table cleared: a quick major arpeggio with a sparkle on top.
    tweak(at) {
      [NOTE.C5, NOTE.E5, NOTE.G5, NOTE.C6].forEach((frequency, i) => {
        const last = i === 3;
        tone(at + i * 0.075, frequency, last ? 0.6 : 0.22, { type: "triangle", gain: 0.26 });
        if (last) tone(at + i * 0.075, frequency * 2.005, 0.5, { gain: 0.07 });
      });
      hiss(at + 0.22, 0.45, { gain: 0.07, from: 6000, type: "highpass", q: 0.5 });
      return 0.85;
    },
    // A [T!] card: a rising whoosh with a glassy glide.
    tcard(at) {
      hiss(at, 0.32, { gain: 0.22, from: 400, to: 3600, q: 2.5 });
      tone(at + 0.04, 330, 0.3, { gain: 0.16, glide: 990 });
      return 0.36;
    },
    // Your turn: a gentle two-note bell.
    turn(at) {
      tone(at, NOTE.G5, 0.45, { gain: 0.2, attack: 0.004 });
      tone(at + 0.13, NOTE.C6, 0.55, { gain: 0.18, attack: 0.004 });
      tone(at + 0.13, NOTE.C6 * 3, 0.2, { gain: 0.02, attack: 0.002 });
      return 0.6;
    },
    // A round ends: a falling cadence that comes home.
    round(at) {
      tone(at, NOTE.G5, 0.2, { type: "triangle", gain: 0.22 });
      tone(at + 0.14, NOTE.E5, 0.2, { type: "triangle", gain: 0.22 });
      tone(at + 0.28, NOTE.C5, 0.55, { type: "triangle", gain: 0.24 });
      tone(at + 0.28, NOTE.G4, 0.55, { gain: 0.12 });
      return 0.85;
    },
    // The game ends: a small fanfare and a held chord.
    game(at) {
      [NOTE.C5, NOTE.E5, NOTE.G5].forEach((frequency, i) => {
        tone(at + i * 0.11, frequency, 0.18, { type: "triangle", gain: 0.22 });
      });
      for (const frequency of [NOTE.C5, NOTE.E5, NOTE.G5, NOTE.C6]) {
        tone(at + 0.36, frequency, 1.0, { type: "triangle", gain: 0.13, attack: 0.02 });
      }
      tone(at + 0.36, NOTE.E6, 0.8, { gain: 0.04, attack: 0.05 });
      return 1.4;
    },
  };

  function play(name) {
    const recipe = RECIPES[name];
    if (!recipe || level() === 0 || document.hidden) return false;
    if (!context) unlock();  // a call made while handling the player's own gesture
    if (!context || context.state !== "running") return false;  // not unlocked (yet)
    const now = context.currentTime;
    if (nextFree - now > BACKLOG) return false;
    const at = Math.max(now + 0.01, nextFree);
    try {
      nextFree = at + recipe(at) * 0.7;  // the next may start as this one's tail fades
    } catch (error) {
      return false;  // a browser without a node we use: silence, never a broken game
    }
    document.dispatchEvent(new CustomEvent("tweaksound", { detail: { name } }));
    return true;
  }

  function setLevel() {
    if (master) master.gain.setTargetAtTime(level(), context.currentTime, 0.015);
    if (level() > 0) unlock();
  }

  // ---- speech ---------------------------------------------------------------------------------
  const synth = window.speechSynthesis;
  const Utterance = window.SpeechSynthesisUtterance;
  const canSpeak = Boolean(synth && Utterance);
  let speaking = null;  // the utterance being said now
  let waiting = [];  // [{text, lang}], said in order after it
  let guard = 0;  // a timer that moves on if the browser never reports the end

  const base = (tag) => String(tag || "").toLowerCase().replace("_", "-");

  /* A voice for `lang` ("en", "es-ES"): the player's own variant and a voice on the device
     first (the game plays offline); null when the browser lists no voices (yet: it is left to
     choose by the utterance's lang), undefined when none speaks the language (then nothing is
     said, rather than the words mispronounced by another language's voice). */
  function voiceFor(lang) {
    let voices = [];
    try {
      voices = synth.getVoices() || [];
    } catch (error) {
      return null;
    }
    if (!voices.length) return null;
    const wanted = base(lang).split("-")[0];
    const fits = voices.filter((voice) => base(voice.lang).split("-")[0] === wanted);
    if (!fits.length) return undefined;
    const mine = (navigator.languages || [navigator.language]).map(base);
    const score = (voice) => (mine.includes(base(voice.lang)) ? 4 : 0) +
      (base(voice.lang) === base(lang) ? 2 : 0) + (voice.localService ? 1 : 0);
    return fits.reduce((best, voice) => (score(voice) > score(best) ? voice : best));
  }

  function next() {
    clearTimeout(guard);
    speaking = null;
    while (waiting.length && !document.hidden) {
      const { text, lang } = waiting.shift();
      const voice = voiceFor(lang);
      if (voice === undefined) continue;
      const utterance = new Utterance(text);
      utterance.lang = voice ? voice.lang : lang;
      if (voice) utterance.voice = voice;
      const done = () => {
        if (speaking === utterance) next();
      };
      utterance.onend = done;
      utterance.onerror = done;
      speaking = utterance;  // held here too: Chrome forgets an unreferenced utterance's end
      guard = setTimeout(done, 3000 + 150 * text.length);
      try {
        if (synth.paused) synth.resume();
        synth.speak(utterance);
        return;
      } catch (error) {
        speaking = null;
        clearTimeout(guard);
      }
    }
  }

  /* Add words to the queue.  One utterance at a time: the next starts only when the one
     speaking has ended, so a capture's sum is never cut by the turn prompt that follows it. */
  function say(text, lang) {
    if (!canSpeak || !text || document.hidden) return false;
    waiting.push({ text: String(text), lang: String(lang || "") });
    if (!speaking) next();
    return true;
  }

  /* Forget the words waiting (not what is being said). */
  function drop() {
    waiting = [];
  }

  function stop() {
    waiting = [];
    if (!speaking) return;
    speaking = null;
    clearTimeout(guard);
    try {
      synth.cancel();
    } catch (error) {
      // Nothing was being said after all.
    }
  }

  // ---- a hidden page is a silent page ---------------------------------------------------------
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) {
      // Back in view: the context the player unlocked before may run again (no new gesture).
      if (context && level() > 0) context.resume().catch(() => {});
      return;
    }
    stop();
    if (context) {
      if (master) {
        master.disconnect();  // what was scheduled dies with it: no tail when the page returns
        master = null;
      }
      nextFree = 0;
      context.suspend().catch(() => {});
    }
  });

  // ---- the player's settings and the Sound panel ---------------------------------------------
  const SOUND_KEY = "tweak.sound";
  const SPEECH_KEY = "tweak.speech";
  const PROMPTS_KEY = "tweak.speech.turn";
  // Sound is on at a moderate volume on a first visit (short, soft accents; nothing can play
  // before the player's first tap anyway, and Mute is one click away).  Speech is off until the
  // player turns it on: a page that starts talking unasked is startling.
  const DEFAULT_VOLUME = 0.5;
  const speakable = { sum: false, prompt: false };  // "Speak sums", "Speak turn prompts"
  const $ = (id) => document.getElementById(id);

  const stored = (key) => {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      return null;  // no storage here (a sandboxed frame, a privacy setting)
    }
  };
  const store = (key, value) => {
    try {
      localStorage.setItem(key, value);
    } catch (error) {  // private mode or a full store
      console.warn("TWEAK!: the game could not be saved in this browser");
    }
  };
  const storeSound = () => store(SOUND_KEY, JSON.stringify({ volume, muted }));

  /* The stored settings; anything unreadable is the default (nothing to set aside: a setting
     is one click to make again). */
  function readSettings() {
    let saved = {};
    try {
      saved = JSON.parse(stored(SOUND_KEY) || "{}") || {};
    } catch (error) {
      // The defaults.
    }
    const value = Number(saved.volume ?? DEFAULT_VOLUME);
    volume = Number.isNaN(value) ? DEFAULT_VOLUME : Math.min(1, Math.max(0, value));
    muted = saved.muted === true;
    speakable.sum = stored(SPEECH_KEY) === "on";
    speakable.prompt = stored(PROMPTS_KEY) === "on";
  }
  readSettings();

  // ---- warm the audio output ------------------------------------------------------------------
  // Chromium starts its audio output with a page's first sound.  Started by a Web Audio context
  // that start holds the main thread 50-120 ms, a long task just as the first move is shown;
  // started by a media element it runs off the main thread.  So with sound on, a muted blip of
  // silence plays as the page opens, and the context made on the first gesture is quick.  At
  // once: the output takes a moment to start, and Python's start leaves a phone few idle
  // moments before a quick person's first tap.
  // A <video> plays it: before the player's first gesture only video may play, and only muted.
  // 5 ms of silence: a WAV header (8 kHz, 16-bit, mono) and 80 zero bytes.
  const SILENCE = "data:audio/wav;base64,UklGRnQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YVAA" +
                  "A".repeat(110) + "==";
  function warmOutput() {
    if (!AudioContextClass || level() === 0 || context) return;
    const blip = document.createElement("video");
    blip.src = SILENCE;
    blip.muted = true;
    blip.playsInline = true;  // an iPhone would otherwise play a video full screen
    const playing = blip.play();  // an old browser's play() returns nothing
    if (playing) playing.catch(() => {});  // refused (an autoplay rule): the context pays
  }
  setTimeout(warmOutput);  // a task of its own

  /* Show the settings in force on the panel's controls (and which of them this browser lacks). */
  function sync() {
    const menu = document.querySelector("#sound .sound-menu");
    if (!menu) return;
    const percent = Math.floor(volume * 100 + 0.5);
    const slider = $("sound-volume");
    slider.value = String(percent);
    slider.setAttribute("aria-valuetext", percent + "%");
    $("sound-level").textContent = percent + "%";
    menu.classList.toggle("silent", muted || percent === 0);  // the button's words
    const canPlay = Boolean(AudioContextClass);
    slider.disabled = !canPlay;
    $("sound-mute").disabled = !canPlay;
    $("sound-missing").hidden = canPlay;
    for (const [id, on] of [["speak-sums", speakable.sum], ["speak-turns", speakable.prompt]]) {
      const toggle = $(id);
      toggle.checked = on && canSpeak;
      toggle.disabled = !canSpeak;
    }
    $("speech-missing").hidden = canSpeak;
  }

  function panelOpen() {
    const panel = $("sound-panel");
    return Boolean(panel) && !panel.hidden;
  }

  function togglePanel(open) {
    const panel = $("sound-panel");
    if (!panel) return;
    const show = open == null ? panel.hidden : Boolean(open);
    panel.hidden = !show;
    $("sound-toggle").setAttribute("aria-expanded", show ? "true" : "false");
    if (show) $("sound-volume").focus();
  }

  /* "Mute" silences the game; "Sound on" (shown while it is silent: muted, or the volume at 0)
     brings sound back, at the default volume if the slider was at 0. */
  function toggleMute() {
    if (muted || volume === 0) {
      muted = false;
      if (volume === 0) volume = DEFAULT_VOLUME;
    } else {
      muted = true;
    }
    setLevel();
    storeSound();
    sync();
    play("capture");  // what "on" sounds like (nothing when muted)
  }

  // The volume slider moves: the new level at once, remembered; moving it unmutes.
  document.addEventListener("input", (event) => {
    if (!event.target || event.target.id !== "sound-volume") return;
    volume = Math.min(100, Math.max(0, parseInt(event.target.value, 10))) / 100;
    muted = false;
    setLevel();
    storeSound();
    sync();
  });
  // The slider let go plays a sample of the level chosen; a speech switch turned on says a
  // sample of what it will say, in the panel's language (which also lets a phone's browser
  // speak later without a tap).
  document.addEventListener("change", (event) => {
    const target = event.target;
    if (!target) return;
    if (target.id === "sound-volume") {
      play("capture");
      return;
    }
    if (target.id !== "speak-sums" && target.id !== "speak-turns") return;
    const on = Boolean(target.checked);
    if (target.id === "speak-sums") {
      speakable.sum = on;
      store(SPEECH_KEY, on ? "on" : "off");
    } else {
      speakable.prompt = on;
      store(PROMPTS_KEY, on ? "on" : "off");
    }
    stop();
    if (on) {
      const lang = document.querySelector("#sound .sound-menu").getAttribute("lang") || "";
      say(target.getAttribute("data-sample") || "", lang);
    }
  });
  // Escape closes the open panel and does nothing else (page.py leaves a key whose default was
  // prevented alone); a click elsewhere in the game closes it too.  Capture phase: before the
  // page's own listeners.
  addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.ctrlKey || event.altKey || event.metaKey ||
        !panelOpen()) return;
    event.preventDefault();
    togglePanel(false);
    $("sound-toggle").focus();
  }, { capture: true });
  document.addEventListener("click", (event) => {
    const target = event.target;
    if (panelOpen() && target.closest && target.closest("#app") && !target.closest("#sound")) {
      togglePanel(false);
    }
  }, { capture: true });

  /* A reply's sounds, and its words the settings let be said. */
  function cue(text) {
    const { sounds, speech } = JSON.parse(text);
    // Made in a task of their own (in order): a sound's nodes take a phone several ms, which
    // would otherwise join the worker's answer and the new screen's in one long task.
    if (sounds.length) setTimeout(() => { for (const name of sounds) play(name); });
    const words = speech.filter((item) => (item.kind === "sum" && speakable.sum) ||
                                          (item.kind === "prompt" && speakable.prompt));
    if (!words.length) return;
    drop();
    for (const item of words) say(item.text || "", item.lang || "");
  }

  window.tweakSound = {
    install(html) {
      $("sound").innerHTML = html;
      sync();
    },
    cue,
    togglePanel,
    toggleMute,
  };
})();
