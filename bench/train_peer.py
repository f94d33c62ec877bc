#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Peer of kibitz-train-bench in Python PyTorch: the same human-move architecture (core/models/human_move_model.cpp),
the same batches (dumped by `kibitz-train-bench --dump FILE`), the same AdamW step. Prints samples/s (wall and per
CPU second) so bench/train_speed.sh can compare both in one run.

    /usr/bin/python3 bench/train_peer.py --batches FILE [--config small] [--steps 20] [--threads 1]
"""
import argparse
import math
import time

import torch
import torch.nn.functional as F

CONFIGS = {"tiny": (32, 2, 2, 64), "small": (128, 6, 4, 384), "medium": (384, 12, 8, 1024)}
COND_ROWS = 76  # encoding::condTableRows()
PREFIX = 6
HEAD = 68


class RMSNorm(torch.nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class Block(torch.nn.Module):
    def __init__(self, d, heads, ffn):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = RMSNorm(d), RMSNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d, bias=False)
        self.out = torch.nn.Linear(d, d, bias=False)
        self.up = torch.nn.Linear(d, 2 * ffn, bias=False)
        self.down = torch.nn.Linear(ffn, d, bias=False)

    def forward(self, x, key_bias):
        b, t, d = x.shape
        h, dh = self.heads, d // self.heads
        qkv = self.qkv(self.norm1(x)).view(b, t, 3, h, dh).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = torch.baddbmm(key_bias.expand(b, h, t, t).reshape(b * h, t, t), q.reshape(b * h, t, dh),
                               k.reshape(b * h, t, dh).transpose(1, 2), beta=1.0, alpha=1.0 / math.sqrt(dh))
        o = torch.bmm(torch.softmax(scores, -1), v.reshape(b * h, t, dh)).view(b, h, t, dh).transpose(1, 2)
        x = x + self.out(o.reshape(b, t, d))
        a, g = self.up(self.norm2(x)).chunk(2, -1)
        return x + self.down(F.silu(a) * g)


class HumanMoveModel(torch.nn.Module):
    def __init__(self, d, layers, heads, ffn):
        super().__init__()
        self.d = d
        self.color, self.ptype, self.file, self.rank = (torch.nn.Embedding(n, d) for n in (2, 6, 8, 8))
        self.side, self.castling, self.ep = (torch.nn.Embedding(n, d) for n in (2, 16, 9))
        self.cond = torch.nn.Embedding(COND_ROWS, d)
        self.blocks = torch.nn.ModuleList(Block(d, heads, ffn) for _ in range(layers))
        self.final_norm = RMSNorm(d)
        self.head = torch.nn.Linear(d, HEAD, bias=False)
        codes = torch.arange(768)
        self.register_buffer("code_color", codes // 64 // 6)
        self.register_buffer("code_type", codes // 64 % 6)
        self.register_buffer("code_file", codes % 64 % 8)
        self.register_buffer("code_rank", codes % 64 // 8)

    def forward(self, piece_code, meta, cond_idx, cond_alpha, key_bias, legal_a, legal_b):
        b, p = piece_code.shape
        table = (self.color.weight[self.code_color] + self.ptype.weight[self.code_type] +
                 self.file.weight[self.code_file] + self.rank.weight[self.code_rank])
        table = torch.cat([table, table.new_zeros(1, self.d)])
        pieces = table.index_select(0, piece_code.reshape(-1)).view(b, p, self.d)
        m = self.side(meta[:, 0]) + self.castling(meta[:, 1]) + self.ep(meta[:, 2])
        rows = self.cond(cond_idx)
        alpha = cond_alpha.unsqueeze(-1)
        c = rows[:, :, 0] * alpha + rows[:, :, 1] * (1.0 - alpha)
        x = torch.cat([m.unsqueeze(1), c, pieces], 1)
        for blk in self.blocks:
            x = blk(x, key_bias)
        out = self.head(self.final_norm(x[:, PREFIX:])).reshape(b, p * HEAD)
        out = torch.cat([out, out.new_tensor([0.0, -1e9]).expand(b, 2)], 1)
        return out.gather(1, legal_a) + out.gather(1, legal_b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batches", required=True)
    ap.add_argument("--config", default="small")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    with open(args.batches, "rb") as f:
        batches = torch.load(f)
    model = HumanMoveModel(*CONFIGS[args.config])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    n_params = sum(p.numel() for p in model.parameters())
    wall = cpu = 0.0
    samples = 0
    for step in range(-2, args.steps):
        b = batches[(step + 2) % len(batches)]
        w0, c0 = time.perf_counter(), time.process_time()
        logits = model(*b[:7])
        loss = F.cross_entropy(logits, b[7], ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step >= 0:
            wall += time.perf_counter() - w0
            cpu += time.process_time() - c0
            samples += b[0].shape[0]
    print(f"python torch {torch.__version__}, config {args.config}, {n_params} parameters")
    print(f"samples/s: {samples / wall:.1f} wall, {samples / cpu:.1f} per CPU second")


if __name__ == "__main__":
    main()
