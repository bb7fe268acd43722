module example.com/aggregated

go 1.26
