import { describe, expect, it } from "vitest";

import { applyVote } from "./votes";

describe("applyVote (one toggleable vote per user)", () => {
  it("a first like or dislike counts once", () => {
    expect(applyVote({ likes: 3, dislikes: 1, myVote: 0 }, 1)).toEqual({ likes: 4, dislikes: 1, myVote: 1 });
    expect(applyVote({ likes: 3, dislikes: 1, myVote: 0 }, 2)).toEqual({ likes: 3, dislikes: 2, myVote: 2 });
  });

  it("voting the same again removes the vote", () => {
    const liked = applyVote({ likes: 0, dislikes: 0, myVote: 0 }, 1);
    expect(applyVote(liked, 1)).toEqual({ likes: 0, dislikes: 0, myVote: 0 });
    expect(applyVote({ likes: 2, dislikes: 5, myVote: 2 }, 2)).toEqual({ likes: 2, dislikes: 4, myVote: 0 });
  });

  it("the other type switches the vote", () => {
    expect(applyVote({ likes: 4, dislikes: 1, myVote: 1 }, 2)).toEqual({ likes: 3, dislikes: 2, myVote: 2 });
    expect(applyVote({ likes: 4, dislikes: 2, myVote: 2 }, 1)).toEqual({ likes: 5, dislikes: 1, myVote: 1 });
  });

  it("never counts below zero", () => {
    expect(applyVote({ likes: 0, dislikes: 0, myVote: 1 }, 1)).toEqual({ likes: 0, dislikes: 0, myVote: 0 });
  });
});
